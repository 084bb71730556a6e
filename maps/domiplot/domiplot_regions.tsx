<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="domiplot_regions" tilewidth="16" tileheight="16" tilecount="39" columns="8">
 <image source="domiplot_tiles.png" width="128" height="80"/>
 <tile id="0">
  <properties>
   <property name="region_id" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="region_id" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="region_id" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="region_id" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="region_id" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="region_id" type="int" value="6"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="region_id" type="int" value="7"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="region_id" type="int" value="8"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="region_id" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="region_id" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="region_id" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="region_id" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="region_id" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="region_id" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="region_id" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="region_id" type="int" value="16"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="region_id" type="int" value="17"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="region_id" type="int" value="18"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="region_id" type="int" value="19"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="region_id" type="int" value="20"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="region_id" type="int" value="21"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="region_id" type="int" value="22"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="region_id" type="int" value="23"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="region_id" type="int" value="24"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="region_id" type="int" value="25"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="region_id" type="int" value="26"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="region_id" type="int" value="27"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="region_id" type="int" value="28"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="region_id" type="int" value="29"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="region_id" type="int" value="30"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="region_id" type="int" value="31"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="region_id" type="int" value="32"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="art" value="sea"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="art" value="terrain"/>
   <property name="terrain" value="ordinary"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="art" value="terrain"/>
   <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="art" value="terrain"/>
   <property name="terrain" value="city"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="art" value="terrain"/>
   <property name="terrain" value="plateau"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="art" value="terrain"/>
   <property name="terrain" value="hills"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="art" value="terrain"/>
   <property name="terrain" value="plain"/>
  </properties>
 </tile>
</tileset>
