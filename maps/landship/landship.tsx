<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="landship" tilewidth="16" tileheight="16" tilecount="8" columns="8">
 <image source="landship_tiles.png" width="128" height="16"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="sand"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="sand"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="sand"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="rock"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="overlay" value="resource"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="overlay" value="depleted"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="overlay" value="start"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="overlay" value="quicksand"/>
  </properties>
 </tile>
</tileset>
