<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="tidegate" tilewidth="32" tileheight="32" tilecount="16" columns="8">
 <grid orientation="orthogonal" width="32" height="32"/>
 <image source="tidegate_tiles.png" width="256" height="64"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="sea"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="wheat"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="stone"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="wood"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="fog"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="token" type="int" value="2"/>
   </properties>
  </tile>
  <tile id="6">
   <properties>
    <property name="token" type="int" value="3"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="token" type="int" value="4"/>
   </properties>
  </tile>
  <tile id="8">
   <properties>
    <property name="token" type="int" value="5"/>
   </properties>
  </tile>
  <tile id="9">
   <properties>
    <property name="token" type="int" value="6"/>
   </properties>
  </tile>
  <tile id="10">
   <properties>
    <property name="token" type="int" value="8"/>
   </properties>
  </tile>
  <tile id="11">
   <properties>
    <property name="token" type="int" value="9"/>
   </properties>
  </tile>
  <tile id="12">
   <properties>
    <property name="token" type="int" value="10"/>
   </properties>
  </tile>
  <tile id="13">
   <properties>
    <property name="token" type="int" value="11"/>
   </properties>
  </tile>
  <tile id="14">
   <properties>
    <property name="token" type="int" value="12"/>
   </properties>
  </tile>
  <tile id="15">
   <properties>
    <property name="terrain" value="sea"/>
   </properties>
  </tile>
</tileset>
